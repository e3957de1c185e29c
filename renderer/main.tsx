import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadApi, preloadEventsMissed, takeSignInLink } from './api';
import { App, WebRoot } from './app';
import './styles';

const root = document.getElementById('root');
if (root) {
  const desktop = preloadApi();
  // Read before the first render: the secret leaves the address bar before the router reads the hash.
  const reloaded = performance.getEntriesByType('navigation').some((entry) => (entry as PerformanceNavigationTiming).type === 'reload');
  const eventsMissed = preloadEventsMissed();
  const app = desktop ? <App api={desktop} {...(eventsMissed ? { eventsMissed } : {})} /> : <WebRoot link={takeSignInLink(window)} reloaded={reloaded} />;
  createRoot(root).render(<StrictMode>{app}</StrictMode>);
}
