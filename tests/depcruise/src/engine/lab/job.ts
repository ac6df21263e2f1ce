export const job = 'an engine implementation';
