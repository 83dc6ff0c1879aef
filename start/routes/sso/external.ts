/*
 * Sign-in through external identity providers (OpenID Connect, GitHub, Google).
 */
