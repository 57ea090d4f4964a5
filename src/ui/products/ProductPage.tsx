/** `/product/:productUuid`: one product's form, photos and actions. Placeholder. */
export function ProductPage() {
  return null;
}
