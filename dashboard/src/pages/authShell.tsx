// The frame of the signed-out pages: the brand, a card, and a way to the other pages.
import type { ReactNode } from 'react';

export function AuthShell({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="auth">
      <main className="auth-card" id="main">
        <p className="brand">
          <span className="brand-mark" aria-hidden="true">
            ✉
          </span>
          Postage
        </p>
        <h1>{title}</h1>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </main>
    </div>
  );
}
