package io.albis.hdfs;

import io.albis.testing.JobCommitContract;

/** Job commits, with failures injected at every operation, on HDFS. */
class HdfsJobCommitTest extends JobCommitContract implements OnSharedHdfsCluster {}
