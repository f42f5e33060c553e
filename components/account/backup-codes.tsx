/** The backup codes, shown once: each works once in place of an app code. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold text-slate-900">Your backup codes</h3>
      <p className="mt-1 text-sm text-slate-800">
        Save these {codes.length} codes somewhere safe, such as a password manager. Each one signs you in once if you lose your phone.
        They are shown only now.
      </p>
      <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-base text-slate-900">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}
