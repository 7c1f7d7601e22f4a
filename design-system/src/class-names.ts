/** Joins the truthy class names; keeps JSX free of template-string juggling. */
export function classNames(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
