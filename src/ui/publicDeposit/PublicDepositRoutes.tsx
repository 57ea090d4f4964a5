import { useRoutes } from 'react-router';
import { NewDepositFlow } from '../newDeposit/NewDepositFlow.tsx';
import { depositFlowRoutes } from '../newDeposit/routes.tsx';

const routes = depositFlowRoutes(<NewDepositFlow />);

/** The flow's routes on the light page, loaded after its frame (see PublicDepositApp). */
export default function PublicDepositRoutes() {
  return useRoutes(routes);
}
