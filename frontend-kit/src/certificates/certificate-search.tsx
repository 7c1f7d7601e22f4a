import { Button, SearchInput } from '@portal/design-system';

/** The search box of a list of certificates: a course name or a certificate's code. */
export function CertificateSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <SearchInput value={value} onChange={onChange} label="Search certificates" placeholder="Course or certificate code" />;
}

/** A search that found no certificate: the text, and the way back to all of them. */
export function NoCertificatesFound({ text, onClearSearch }: { text: string; onClearSearch: () => void }) {
  return (
    <span>
      {text}{' '}
      <Button type="button" variant="ghost" size="sm" onClick={onClearSearch}>
        Clear search
      </Button>
    </span>
  );
}
