import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { installRemoteLog } from './lib/remote-log';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // Main pushes every change as an event; the UI refreshes from those, not from timers or focus.
    queries: { refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

installRemoteLog();
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
