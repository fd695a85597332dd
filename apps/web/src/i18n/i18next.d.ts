import type { resources } from './resources';

/** Makes `t('…')` keys type-checked against en.json. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}
