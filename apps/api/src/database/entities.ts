import { ExperienceStateEntity } from '../modules/experience/experience-state.entity.js';

/** Every entity of the service. A new entity goes here and gets a committed migration. */
export const ENTITIES = [ExperienceStateEntity];
