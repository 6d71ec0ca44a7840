/**
 * The browser entry: the catalogue of the page's language (the server writes it into <html lang>), then the app.
 * The app is imported only once the catalogue is in place: its modules read texts as they are evaluated.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { DEFAULT_LANGUAGE, isLanguage } from '#contracts/language.ts';
import { loadCatalogue } from './messages.ts';

const pageLanguage = document.documentElement.lang;
await loadCatalogue(isLanguage(pageLanguage) ? pageLanguage : DEFAULT_LANGUAGE);
const { start } = await import('./start.tsx');
start();
