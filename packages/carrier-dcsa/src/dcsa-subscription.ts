/** A subscription Bollard holds at a carrier: where its notifications go, and how they are signed. */
export interface DcsaSubscription {
  /** The `subscriptionID` the carrier gave; the callback is `/dcsa/v2/notifications/<id>`. */
  id: string;
  /** The shared secret, Base64 as the standard writes it; the HMAC key is its decoded bytes. */
  secret: string;
  /** The carrier's SCAC: the notifications' events update this SCAC's tracking requests. */
  scac: string;
  /** The account whose shipments they update. */
  accountId: string;
}
