/** A job's payload as the server keeps it (secrets already masked by the API). */
export function PayloadView({ payload }: { payload: unknown }) {
  return (
    <pre className="admin-code" data-testid="job-payload">
      {JSON.stringify(payload, null, 2)}
    </pre>
  );
}
