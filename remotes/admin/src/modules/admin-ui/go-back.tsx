/** Every edit or add screen has 'Go back' to /admin (spec §2). */
export function GoBack({ tab }: { tab: string }) {
  return (
    <a className="ds-link admin-go-back" href={`/admin?tab=${tab}`}>
      Go back
    </a>
  );
}
