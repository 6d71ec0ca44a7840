/**
 * The browser entry: styles, the router over the route table, and the app, rendered once the catalogue of the
 * page's language (its <html lang>, which the server writes) is loaded.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app.tsx';
import { documentLanguage, loadCatalogue } from '#portal/messages.ts';
import { routes } from './routes.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

void loadCatalogue(documentLanguage()).then(() => {
  const router = createBrowserRouter(routes);
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
