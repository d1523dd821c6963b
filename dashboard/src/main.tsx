import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ApiError, setTwoFactorSetupRequiredHandler, setUnauthenticatedHandler } from './api';
import { onTwoFactorSetupRequired, onUnauthenticated } from './session';
import './styles.css';

const client = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network failure or 5xx may.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: true,
    },
  },
});

// A 401 while signed in: the session ended elsewhere (session.tsx).
setUnauthenticatedHandler(() => onUnauthenticated(client));
// The account now requires two-factor sign-in of this person (session.tsx).
setTwoFactorSetupRequiredHandler(() => onTwoFactorSetupRequired(client));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
