/** Cell contents that several lists share. */

/**
 * An e-mail address that may wrap after its '@' (and only there): a long address gives the other columns
 * room instead of pushing them out of a laptop's view.
 */
export function EmailCell({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
