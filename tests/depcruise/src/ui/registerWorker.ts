// service-worker-is-its-own-program: the page registers the built worker by its file, never imports its source.
import { page } from '../serviceWorker/sw';
export const worker = page;
