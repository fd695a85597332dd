/** Recovery codes just issued, shown this once with what to do with them. */
export function RecoveryCodes({ codes, intro, testId }: { codes: string[]; intro: string; testId: string }) {
  if (codes.length === 0) return null;
  return (
    <div className="notice" data-testid={testId}>
      <p>{intro}</p>
      <ul className="codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
