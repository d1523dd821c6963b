// Who an audit actor (`user:<id>`, `key:<id>`, `cli:<name>`, or a part of the system) is, in
// words: the person's name and email, the key's name. Only this account's keys are named; a person
// keeps their name in the log after leaving the account.
import type { Db } from '../platform/db';
import { isUuid } from '../platform/ids';
import { keyPrefix } from './apiKeys';

export interface ActorView {
  type: 'user' | 'key' | 'cli' | 'system';
  id: string;
  name: string | null;
  email: string | null;
}

function parseActor(actor: string): ActorView {
  const [kind, ...rest] = actor.split(':');
  const id = rest.join(':');
  if ((kind === 'user' || kind === 'key') && isUuid(id)) return { type: kind, id, name: null, email: null };
  if (kind === 'cli' && id) return { type: 'cli', id, name: id, email: null };
  return { type: 'system', id: actor, name: actor, email: null };
}

/** The views of `actors`, looked up together. */
export async function describeActors(
  db: Db,
  accountId: string,
  actors: Iterable<string>,
): Promise<Map<string, ActorView>> {
  const views = new Map([...new Set(actors)].map((a) => [a, parseActor(a)] as const));
  const ids = (type: ActorView['type']) => [...views.values()].filter((v) => v.type === type).map((v) => v.id);
  const userIds = ids('user');
  const keyIds = ids('key');
  const [users, keys] = await Promise.all([
    userIds.length
      ? db('users').whereIn('id', userIds).select<{ id: string; email: string; name: string }[]>('id', 'email', 'name')
      : [],
    keyIds.length
      ? db('api_keys')
          .where({ account_id: accountId })
          .whereIn('id', keyIds)
          .select<{ id: string; name: string; lookup_id: string }[]>('id', 'name', 'lookup_id')
      : [],
  ]);
  for (const u of users) Object.assign(views.get(`user:${u.id}`)!, { name: u.name || u.email, email: u.email });
  for (const k of keys) Object.assign(views.get(`key:${k.id}`)!, { name: `${k.name} (${keyPrefix(k.lookup_id)})` });
  return views;
}
