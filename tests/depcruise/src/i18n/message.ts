export const message = 'the Message type: every layer may import it';
