/** Query keys of the settings feature (not persisted on the device: see app/offline-cache.ts). */
export const settingsKeys = {
  instance: ['instance-settings'] as const,
  status: ['instance-status'] as const,
  notifications: ['notification-state'] as const,
};
