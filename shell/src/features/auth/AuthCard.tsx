import type { ReactNode } from 'react';
import { ClubLogo } from '../navigation/ClubLogo';

interface Props {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The frame of the public pages: the club's name, a title and the form. */
export function AuthCard({ title, subtitle, children }: Props) {
  return (
    <div className="shell-auth">
      <div className="shell-auth__card">
        <div className="shell-auth__brand">
          <ClubLogo />
          <span>Circolo Tennistavolo</span>
        </div>
        <h1 className="shell-auth__title">{title}</h1>
        {subtitle && <p className="shell-auth__subtitle">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
