/** A paddle and ball: the club's mark next to its name. */
export function ClubLogo({ size = 32 }: { size?: number }) {
  return (
    <svg className="shell-logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="13" cy="13" r="11" fill="#c8102e" />
      <circle cx="13" cy="13" r="8" fill="none" stroke="#fff" strokeOpacity="0.25" strokeWidth="1.5" />
      <rect x="19" y="19" width="5" height="12" rx="2" transform="rotate(-45 21.5 25)" fill="#3b2a1a" />
      <circle cx="26.5" cy="5.5" r="3" fill="#f5a623" />
    </svg>
  );
}
