set(D500_REFERENCE_SPATIAL_SOURCES spatial_common.cpp conv.cpp conv_transpose.cpp max_pool.cpp
    average_pool.cpp global_pool.cpp batch_normalization.cpp dropout.cpp standardize.cpp local_norm.cpp resize.cpp
    qlinear.cpp reorder_ops.cpp detection_ops.cpp grid_sample.cpp)
