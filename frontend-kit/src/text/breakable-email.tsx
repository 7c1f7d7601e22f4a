import { Fragment } from 'react';

/**
 * An address that may wrap after its @ and dots rather than mid-word, when a cell or card is
 * narrower than it (issue 32 item 7): "jo.southgate@demo.test" breaks as "jo.southgate@" / "demo.test".
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
