// A service an operation's handler keeps for the life of the app (a DNS resolver, a Redis rate
// limit), made on first use from the app's dependencies: the route table itself holds no state.
import type { RouteDeps } from './deps';

export function perApp<T>(make: (deps: RouteDeps) => T): (deps: RouteDeps) => T {
  const made = new WeakMap<RouteDeps, T>();
  return (deps) => {
    if (!made.has(deps)) made.set(deps, make(deps));
    return made.get(deps) as T;
  };
}
