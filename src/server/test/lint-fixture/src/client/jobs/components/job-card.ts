export const jobCard = (title: string) => `[${title}]`;
