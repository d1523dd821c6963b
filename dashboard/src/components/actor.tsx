// Who did something (made a key, sent an invitation, a line of the audit log): a person by name
// with their email under it, an API key by its name and prefix, Postage's operators and its own
// parts by what they are.
import type { Actor } from '../api';

export function ActorName({ actor }: { actor: Actor | null }) {
  if (!actor) return <span className="muted">—</span>;
  if (actor.type === 'user') {
    const name = actor.name ?? actor.email ?? 'A former member';
    return (
      <span className="actor">
        <span className="break">{name}</span>
        {actor.email && actor.email !== name && <span className="actor-detail break">{actor.email}</span>}
      </span>
    );
  }
  if (actor.type === 'key') {
    return (
      <span className="actor">
        <span className="break">{actor.name ?? 'A deleted key'}</span>
        <span className="actor-detail">API key</span>
      </span>
    );
  }
  return (
    <span className="actor">
      <span className="break">{actor.type === 'cli' ? 'Postage support' : 'Postage'}</span>
      <span className="actor-detail break">{actor.name ?? actor.id}</span>
    </span>
  );
}
