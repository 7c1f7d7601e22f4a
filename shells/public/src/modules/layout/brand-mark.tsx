/** The portal's mark: a shield with a tick. */
export function BrandMark() {
  return (
    <svg className="public-brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <path d="M16 2 4 6.5v8.7C4 22.6 9.1 28.6 16 30c6.9-1.4 12-7.4 12-14.8V6.5L16 2Z" fill="currentColor" />
      <path d="m10.5 16.2 3.8 3.8 7.4-7.6" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
