export const canBid = (status: string) => status === 'open';
