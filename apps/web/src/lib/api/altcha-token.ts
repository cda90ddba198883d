/** The `x-grecaptcha` token of a solved ALTCHA challenge (the client's and the early reads'). */
export const altchaTokenOf = (challenge: unknown, solution: unknown) =>
  btoa(JSON.stringify({ challenge, solution }));
