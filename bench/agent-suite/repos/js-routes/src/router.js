import { handlers } from './handlers.js';
import { routes } from './routes.generated.js';

/** The response for a request: the matching route's handler, or 404. */
export function dispatch(method, path, body) {
  const route = routes.find((candidate) => candidate.method === method && candidate.path === path);
  if (!route) return { status: 404, body: { error: `no route for ${method} ${path}` } };
  return handlers[route.handler](body);
}
