/** The portal's own widgets, registered into the engine by the name a uiSchema gives in 'ui:widget'. */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { CountyNameWidget } from './county-name-widget.tsx';
import { SsnWidget } from './ssn-widget.tsx';
import { UsStateWidget } from './us-state-widget.tsx';
import { ZipWidget } from './zip-widget.tsx';

export { CountyNameWidget } from './county-name-widget.tsx';
export { isMaskedSsn, SsnWidget } from './ssn-widget.tsx';
export { UsStateWidget } from './us-state-widget.tsx';
export { US_STATES } from './us-states.ts';
export { restoreZip, ZipWidget, ZIP_LENGTH } from './zip-widget.tsx';

export const portalWidgets: RegistryWidgetsType = {
  'county-name': CountyNameWidget,
  ssn: SsnWidget,
  zip: ZipWidget,
  'us-state': UsStateWidget,
};
