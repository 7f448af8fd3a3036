// How the app writes a person's name, on the server's answers and emails and on the client's pages alike.

/** First and last name as one, with no stray space when either is empty. */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
