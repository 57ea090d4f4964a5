/**
 * An invoiced product is frozen (2-business-data.md §3): its sale status says FACTURED or an
 * invoice lists it. The form turns read-only and the server refuses changes with PRODUCT_INVOICED.
 */
export function isProductInvoiced(product: {
  readonly saleStatus: string | number;
  readonly inInvoices: readonly string[];
}): boolean {
  const status = product.saleStatus;
  return status === 'FACTURED' || status === 1 || product.inInvoices.length > 0;
}
