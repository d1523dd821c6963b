// The inbound section's own navigation: received messages and the inbound domains that receive them.
import { NavLink } from 'react-router';

export function InboundNav() {
  return (
    <nav className="subnav" aria-label="Inbound">
      <NavLink to="/inbound" end>
        Received
      </NavLink>
      <NavLink to="/inbound/domains">Inbound domains</NavLink>
    </nav>
  );
}
