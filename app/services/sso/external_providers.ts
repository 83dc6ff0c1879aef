/** An external identity provider offered on the sign-in page. */
export interface ExternalProvider {
  id: string
  label: string
}

/** The providers configured in this deployment (none until configured). */
export function availableProviders(): ExternalProvider[] {
  return []
}
