/** Where the legal pages send members who want to reach us by e-mail. */
export const SUPPORT_EMAIL = "support@example.com";
