// ui-reaches-engine-through-client: a dynamic import of the engine is still an import.
export const lazy = () => import('../engine/lab/job');
