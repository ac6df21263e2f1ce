export const view = 'a UI module';
