/**
 * The staff console's browser entry (staff.html): styles, the portal's English catalogue (the console shows the
 * portal's widgets and texts in its preview; their modules read texts as they are evaluated, so it loads first),
 * then the console.
 */
import '@mantine/core/styles.css';
import { loadCatalogue } from '#web/messages.ts';

await loadCatalogue('en');
const { start } = await import('./start.tsx');
start();
