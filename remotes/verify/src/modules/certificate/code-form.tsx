import { useState, type FormEvent } from 'react';
import { Button, FormField, TextInput } from '@portal/design-system';

/** Type a certificate code by hand (the QR code on a certificate links here with ?code=). */
export function CodeForm({ initialCode, onSubmit }: { initialCode: string; onSubmit: (code: string) => void }) {
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | undefined>();

  // A new code in the address (?code=) replaces what the box holds.
  const [lastInitialCode, setLastInitialCode] = useState(initialCode);
  if (initialCode !== lastInitialCode) {
    setLastInitialCode(initialCode);
    setCode(initialCode);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError('Enter a certificate code.');
      return;
    }
    setError(undefined);
    onSubmit(trimmed);
  }

  return (
    <form className="verify-form" onSubmit={submit} noValidate>
      <FormField label="Certificate code" htmlFor="certificate-code" error={error} hint="Printed under the QR code on the certificate.">
        <TextInput
          id="certificate-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          invalid={Boolean(error)}
        />
      </FormField>
      <Button type="submit">Check certificate</Button>
    </form>
  );
}
