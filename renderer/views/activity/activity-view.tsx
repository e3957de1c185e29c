import { PageHeader } from '../../components';
import { AuditLog } from './audit-log';
import { Changes } from './changes';
import { PendingApprovals } from './pending-approvals';
import './activity.css';

export function ActivityView() {
  return (
    <section className="activity" aria-labelledby="activity-title">
      <PageHeader title={<span id="activity-title">Activity</span>} lead="Calls agents made through the bridge, and the ones waiting for your decision." />
      <PendingApprovals />
      <AuditLog />
      <Changes />
    </section>
  );
}
