import { Fragment } from "react";

/**
 * An email address that a narrow cell breaks before its "@" or a dot of its domain
 * ("cleo.smith2" / "@workshop.test"), not wherever the line runs out ("…@workshop.tes" / "t").
 * Copying it copies the address as it is: <wbr> adds no character.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  const domain = email.slice(at + 1).split(".");
  return (
    <>
      {email.slice(0, at)}
      <wbr />@
      {domain.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <>
              <wbr />.
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
