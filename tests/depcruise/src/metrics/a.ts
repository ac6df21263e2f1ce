// no-circular: a imports b imports a.
import { b } from './b';
export const a = () => b;
