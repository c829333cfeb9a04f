/** Photographer and business request forms (the spec names no call; see docs/demo-data.md). */
export interface PhotographerRequest {
  kind: "photographer";
  name: string;
  email: string;
  city: string;
  portfolio: string;
  equipment: string;
  comment?: string;
}

export interface BusinessRequest {
  kind: "business";
  phone: string;
  comment?: string;
}

export type RequestForm = PhotographerRequest | BusinessRequest;
