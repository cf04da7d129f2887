/** Where the demo issuer is mounted; kept apart so routes can use it without loading the provider. */
export const DEMO_ISSUER_PATH = "/oidc";
