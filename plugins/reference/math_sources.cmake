set(D500_REFERENCE_MATH_SOURCES broadcast.cpp gemm.cpp matmul.cpp add.cpp relu.cpp)
