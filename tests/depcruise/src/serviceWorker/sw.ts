// service-worker-stands-alone: the service worker may not import the page.
import { view } from '../ui/view';
export const page = view;
