/** The GAN studio, Look inside (draw, confusion, filters, summary) and saved models. */
export const EN_GAN_INSPECT = {} as const;
