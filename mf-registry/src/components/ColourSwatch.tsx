/** A colour of a list row (a qualification's): a small square of it beside its #RRGGBB code. */
export function ColourSwatch({ colour }: { colour: string }) {
  return (
    <span className="ui-row" style={{ gap: '0.4rem', alignItems: 'center', display: 'inline-flex' }}>
      <span
        aria-hidden="true"
        style={{
          display: 'inline-block',
          width: '1rem',
          height: '1rem',
          borderRadius: '3px',
          border: '1px solid var(--ui-border)',
          background: colour,
        }}
      />
      <code>{colour.toUpperCase()}</code>
    </span>
  );
}
