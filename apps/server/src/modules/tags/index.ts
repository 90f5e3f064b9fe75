/** The tags module's face: tag pages, following tags, and what is trending. */
import { defineModule } from '../../platform/module';
import { tagsRoutes } from './tags.routes';

export const tagsModule = defineModule({ routes: tagsRoutes });
