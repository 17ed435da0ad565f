// The content API's shapes, from the generated OpenAPI types (spec 001 §3 "Resource or
// post", spec 002 §3 "Resource", "Career tip").
import type { components } from '../../../lib/api/schema';

type Schemas = components['schemas'];

export type Content = Schemas['ContentView'];
export type ContentFile = Schemas['ContentFile'];
export type ContentPayload = Schemas['ContentInput'];
export type LinkPreviewData = Schemas['Preview'];

export type { Paged } from '../../../lib/api/paged';

export type ContentType = 'post' | 'newsletter' | 'resource' | 'prompt';
